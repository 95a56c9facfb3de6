import { useState } from "react";
import { KeyRound, UserPlus } from "lucide-react";
import { TEAM_MESSAGES } from "@clausewise/shared";
import { can, useSignedInUser } from "../../api/auth";
import { GrantAccessDialog } from "../../components/contract/GrantAccessDialog";
import { PageScaffold } from "../../components/PageScaffold";
import { Button } from "../../components/ui/button";
import { AccessTable } from "./AccessTable";
import { InvitationsTable } from "./InvitationsTable";
import { InviteDialog } from "./InviteDialog";
import { MembersTable } from "./MembersTable";

export function TeamPage() {
  return (
    <PageScaffold
      title="Team Management"
      description="Invite members, assign roles and control who can access each contract."
      restriction={{ ability: "team.manage", title: "Access Restricted", message: TEAM_MESSAGES.restricted }}
    >
      <TeamContent />
    </PageScaffold>
  );
}

/** Rendered only for admins (PageScaffold's restriction), so the team queries never run for others. */
function TeamContent() {
  const user = useSignedInUser();
  const [inviting, setInviting] = useState(false);
  const [granting, setGranting] = useState(false);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={() => setInviting(true)}>
          <UserPlus aria-hidden="true" />
          Invite Member
        </Button>
      </div>
      <MembersTable />
      <InvitationsTable />
      <AccessTable
        action={
          can(user, "access.grant") && (
            <Button variant="secondary" onClick={() => setGranting(true)}>
              <KeyRound aria-hidden="true" />
              Manage Access
            </Button>
          )
        }
      />
      <InviteDialog open={inviting} onOpenChange={setInviting} />
      <GrantAccessDialog open={granting} onOpenChange={setGranting} />
    </div>
  );
}
