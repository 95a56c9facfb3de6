import { PageScaffold } from "../../components/PageScaffold";

export function TeamPage() {
  return (
    <PageScaffold
      title="Team Management"
      description="Invite members, assign roles and control who can access each contract."
      restriction={{
        ability: "team.manage",
        title: "Access Restricted",
        message: "Only administrators can access team management.",
      }}
    />
  );
}
