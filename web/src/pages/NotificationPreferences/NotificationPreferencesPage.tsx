import { PageScaffold } from "../../components/PageScaffold";
import { NotificationPreferencesForm } from "./NotificationPreferencesForm";

/** /notification-preferences (billing-team-admin spec §2): the user's own e-mail and in-app choices. */
export function NotificationPreferencesPage() {
  return (
    <PageScaffold
      title="Notification Preferences"
      description="Choose which e-mail and in-app notifications you receive, and when."
      breadcrumb={[{ label: "Settings", to: "/settings" }, { label: "Notifications" }]}
    >
      <NotificationPreferencesForm successTitle="Preferences Updated" />
    </PageScaffold>
  );
}
