import type { ReactNode } from "react";
import { Construction } from "lucide-react";
import { StatusPanel } from "./StatusPanel";
import { Card } from "./ui/card";

/** Honest placeholder for areas whose data arrives in a later release. */
export function ComingSoonCard({ children }: { children?: ReactNode }) {
  return (
    <Card>
      <StatusPanel icon={Construction} title="Coming soon">
        {children ?? "This area is being prepared and will be available in an upcoming release."}
      </StatusPanel>
    </Card>
  );
}
