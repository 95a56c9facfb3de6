import { useState } from "react";
import { Lock, Upload } from "lucide-react";
import { Button } from "../../components/ui/button";
import { UploadContractDialog } from "../../components/upload/UploadContractDialog";
import { toast } from "../../stores/toast";

/**
 * Spec §6: active only for those who may upload (abilities["contract.upload"], computed by the API);
 * others get a disabled-looking 'Admin Only' button that explains why when clicked.
 */
export function UploadContractButton({ allowed }: { allowed: boolean }) {
  const [open, setOpen] = useState(false);
  if (!allowed) {
    return (
      // Looks disabled but stays operable (no aria-disabled): clicking it is how the user learns why.
      <Button
        variant="secondary"
        className="cursor-not-allowed text-slate-500 opacity-70 hover:bg-white"
        onClick={() =>
          toast({ title: "Access Restricted", description: "Only administrators can upload contracts", variant: "destructive" })
        }
      >
        <Lock aria-hidden="true" />
        Admin Only
      </Button>
    );
  }
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Upload aria-hidden="true" />
        Upload Contract
      </Button>
      <UploadContractDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
