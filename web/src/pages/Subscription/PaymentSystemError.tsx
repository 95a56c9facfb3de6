import { Link } from "react-router-dom";
import { CreditCard } from "lucide-react";
import { BILLING_MESSAGES } from "@clausewise/shared";
import { StatusPanel } from "../../components/StatusPanel";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";

const HINTS = ["Check your internet connection", "Disable ad blockers for this site", "Refresh the page", "Contact support if the problem persists"];

/** Spec §2: shown when the card payment provider's script cannot be loaded. */
export function PaymentSystemError({ details }: { details: string }) {
  return (
    <Card role="alert">
      <StatusPanel icon={CreditCard} title={BILLING_MESSAGES.paymentSystemError} tone="danger">
        <p>The secure payment form could not be loaded.</p>
        <p className="mt-2 rounded bg-red-50 px-3 py-2 font-mono text-xs text-red-800">{details}</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-left">
          {HINTS.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
        <div className="mt-5 flex justify-center gap-2">
          <Button onClick={() => window.location.reload()}>Retry</Button>
          <Link to="/support" className={buttonClasses("secondary")}>
            Contact Support
          </Link>
        </div>
      </StatusPanel>
    </Card>
  );
}
