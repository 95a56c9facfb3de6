import { Link, useParams } from "react-router-dom";
import { useContractRoom } from "../../realtime/pushes";
import { FileX, RefreshCw } from "lucide-react";
import clsx from "clsx";
import { useContract } from "../../api/contracts";
import { errorText, isNotFoundError } from "../../api/client";
import { Breadcrumb } from "../../components/PageHeader";
import { StatusPanel } from "../../components/StatusPanel";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/spinner";
import { useDocumentTitle } from "../../lib/hooks";
import { ContractWorkspace } from "./ContractWorkspace";

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading contract" className="space-y-4 px-4 py-6 sm:px-8">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <Card className="mt-6 space-y-3 p-8">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className={clsx("h-4", i % 3 === 2 ? "w-4/5" : "w-full")} />
        ))}
      </Card>
    </div>
  );
}

/** Contract detail (/contracts/:id): the review workspace, or why the contract cannot be shown. */
export function ContractDetailPage() {
  const { id } = useParams<{ id: string }>();
  const contract = useContract(id);
  // Markups, changes, exhibits and analyses pushed for this contract refresh what the page shows.
  useContractRoom(id);
  useDocumentTitle(contract.data?.title ?? "Contract");

  if (contract.isPending) return <DetailSkeleton />;

  if (contract.isError) {
    const missing = isNotFoundError(contract.error);
    return (
      <div className="px-4 py-6 sm:px-8">
        <Breadcrumb items={[{ label: "Contract" }]} />
        <Card className="mt-6">
          <StatusPanel icon={FileX} title={missing ? "Contract not found" : "The contract could not be loaded"} tone="danger">
            <p>{missing ? "It may have been removed, or you may not have access to it." : errorText(contract.error, "Please try again.")}</p>
            <div className="mt-5 flex justify-center gap-2">
              {!missing && (
                <Button variant="secondary" onClick={() => void contract.refetch()}>
                  <RefreshCw aria-hidden="true" />
                  Try again
                </Button>
              )}
              <Link to="/" className={buttonClasses("primary")}>
                Back to Dashboard
              </Link>
            </div>
          </StatusPanel>
        </Card>
      </div>
    );
  }

  // Keyed by contract: moving to another contract starts with its own state (drafts, selection).
  return <ContractWorkspace key={contract.data.id} contract={contract.data} />;
}
