import { PageScaffold } from "../../components/PageScaffold";

export function BillingAdminPage() {
  return (
    <PageScaffold
      title="Billing Administration"
      description="Company accounts, payments and billing events."
      restriction={{
        ability: "billing.admin",
        title: "Access Denied",
        message: "Admin access is needed to view billing management.",
      }}
    />
  );
}
