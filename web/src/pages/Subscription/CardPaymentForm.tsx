import { useEffect, useRef, useState, type FormEvent } from "react";
import { BILLING_MESSAGES } from "@clausewise/shared";
import { useRefreshBillingState } from "../../api/billing";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../stores/toast";
import type { StripeElements, StripeJs } from "./stripe-js";

interface CardPaymentFormProps {
  stripe: StripeJs;
  clientSecret: string;
  planName: string;
  onDone: () => void;
}

/** Stripe's Payment Element for the first invoice of a new subscription; the webhook activates the plan. */
export function CardPaymentForm({ stripe, clientSecret, planName, onDone }: CardPaymentFormProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [pending, setPending] = useState(false);
  const refresh = useRefreshBillingState();

  useEffect(() => {
    if (!mountRef.current) return;
    const created = stripe.elements({ clientSecret });
    const payment = created.create("payment");
    payment.mount(mountRef.current);
    setElements(created);
    return () => payment.destroy();
  }, [stripe, clientSecret]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!elements) return;
    setPending(true);
    const { error } = await stripe.confirmPayment({ elements, redirect: "if_required", confirmParams: { return_url: `${window.location.origin}/subscription` } });
    setPending(false);
    if (error) {
      toast({ title: BILLING_MESSAGES.subscriptionFailed, description: error.message ?? "The payment could not be completed.", variant: "destructive" });
      return;
    }
    toast({ title: BILLING_MESSAGES.subscriptionCreated, description: `Your ${planName} plan is active once the payment is confirmed.` });
    await refresh();
    onDone();
  }

  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Payment details</h2>
      <p className="mt-1 text-sm text-slate-600">Enter a card to pay for the {planName} plan.</p>
      <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)}>
        <div ref={mountRef} data-testid="stripe-payment-element" />
        <Button type="submit" disabled={!elements || pending}>
          {pending ? "Processing..." : "Pay and subscribe"}
        </Button>
      </form>
    </Card>
  );
}
