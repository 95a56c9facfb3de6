import type { ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import { can, useCurrentUser } from "../../api/auth";
import { useSettings } from "../../api/settings";
import { LoadError } from "../../components/contract/QueryState";
import { PageScaffold } from "../../components/PageScaffold";
import { LoadingState } from "../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { ApprovalSettingsCard } from "./ApprovalSettingsCard";
import { BillingTab } from "./BillingTab";
import { CompanyTab } from "./CompanyTab";
import { NotificationsTab } from "./NotificationsTab";
import { ProfileTab } from "./ProfileTab";
import { RetentionCard } from "./RetentionCard";
import { SecurityTab } from "./SecurityTab";

const TABS = [
  { value: "profile", label: "Profile" },
  { value: "company", label: "Company" },
  { value: "notifications", label: "Notifications" },
  { value: "security", label: "Security" },
  { value: "billing", label: "Billing" },
] as const;
type Tab = (typeof TABS)[number]["value"];

const isTab = (value: string | null): value is Tab => TABS.some((t) => t.value === value);

/** Settings (billing-team-admin spec §2): five tabs; a spinner while the settings record loads. */
export function SettingsPage() {
  const settings = useSettings();
  const { data: user } = useCurrentUser();
  const canSetRetention = can(user, "settings.company");
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = isTab(requested) ? requested : "profile";

  // The forms start from the record as first loaded and keep what the user typed across saves: re-mounting
  // them on every refetch would also drop the save's own success and failure callbacks.
  const needsRecord = (render: (data: NonNullable<typeof settings.data>) => ReactNode) =>
    settings.isError ? <LoadError what="Your settings" error={settings.error} onRetry={() => void settings.refetch()} /> : settings.data ? render(settings.data) : null;

  return (
    <PageScaffold title="Settings" description="Manage your profile, company, notifications, security and billing.">
      {settings.isPending ? (
        <LoadingState label="Loading settings..." />
      ) : (
        <Tabs value={tab} onValueChange={(value) => setParams(value === "profile" ? {} : { tab: value }, { replace: true })}>
          <TabsList label="Settings sections">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="profile" className="pt-4">
            {needsRecord((data) => <ProfileTab settings={data} />)}
          </TabsContent>
          <TabsContent value="company" className="space-y-4 pt-4">
            {needsRecord((data) => <CompanyTab settings={data} />)}
            {/* Admin only (issue 12): how long approved contracts are kept. */}
            {canSetRetention && <RetentionCard />}
            {/* Admin only (issue 17): separation of duties in the approval pipeline. */}
            {canSetRetention && <ApprovalSettingsCard />}
          </TabsContent>
          <TabsContent value="notifications" className="pt-4">
            <NotificationsTab />
          </TabsContent>
          <TabsContent value="security" className="pt-4">
            <SecurityTab />
          </TabsContent>
          <TabsContent value="billing" className="pt-4">
            <BillingTab />
          </TabsContent>
        </Tabs>
      )}
    </PageScaffold>
  );
}
