import { PageScaffold } from "../../components/PageScaffold";

export function SettingsPage() {
  return <PageScaffold title="Settings" description="Manage your profile, company, notifications, security and billing." />;
}
