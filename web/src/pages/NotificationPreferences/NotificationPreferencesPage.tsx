import { PageScaffold } from "../../components/PageScaffold";

export function NotificationPreferencesPage() {
  return (
    <PageScaffold
      title="Notification Preferences"
      description="Choose which e-mail and in-app notifications you receive, and when."
      breadcrumb={[{ label: "Settings", to: "/settings" }, { label: "Notifications" }]}
    />
  );
}
