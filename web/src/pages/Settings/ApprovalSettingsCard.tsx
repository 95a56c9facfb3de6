import { UsersRound } from "lucide-react";
import { APPROVAL_SETTINGS_MESSAGES } from "@clausewise/shared";
import { useApprovalSettings, useSetApprovalSettings } from "../../api/approval-settings";
import { SettingSwitchCard } from "./SettingSwitchCard";

export const SINGLE_APPROVER_LABEL = "Allow one person to approve a contract alone";

/**
 * Settings › Company (issue 17): separation of duties. Off (the default), the person who approved Legal
 * Review and Finance Review cannot also give Final Approval; on, small teams may. Admins only; the
 * server enforces it when a step is approved (409 separation_of_duties).
 */
export function ApprovalSettingsCard() {
  return (
    <SettingSwitchCard
      icon={UsersRound}
      title={SINGLE_APPROVER_LABEL}
      hint="Off: whoever approved Legal Review and Finance Review cannot also give Final Approval, so every contract is approved by at least two people. Turn it on only if your team is too small for that."
      what="The approval setting"
      setting={useApprovalSettings()}
      update={useSetApprovalSettings()}
      isOn={(value) => value.allowSingleApprover}
      saved={(value) => ({
        title: APPROVAL_SETTINGS_MESSAGES.updated,
        description: value.allowSingleApprover
          ? "One person may now clear Legal, Finance and Final Approval alone."
          : "Legal, Finance and Final Approval now need at least two people.",
      })}
      failed="Failed to update the approval setting. Please try again."
    />
  );
}
