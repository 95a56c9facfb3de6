import { Brain } from "lucide-react";
import { useAiReviewSetting, useSetAiReview } from "../../api/analysis";
import { SettingSwitchCard } from "./SettingSwitchCard";

/**
 * Settings › Security: the company-wide "AI Contract Analysis" switch (billing-team-admin spec §2, §6:
 * admin only). The page shows it to users with the settings.aiReview ability; the server enforces it.
 */
export function AiReviewSwitch() {
  return (
    <SettingSwitchCard
      icon={Brain}
      title="AI Contract Analysis"
      hint="Lets the AI analyse contracts, answer questions and review selected text for everyone in your company."
      what="The AI Contract Analysis setting"
      setting={useAiReviewSetting()}
      update={useSetAiReview()}
      isOn={(value) => value.aiReviewEnabled}
      saved={(value) => ({ title: "AI Review Setting Updated", description: `AI contract analysis has been ${value.aiReviewEnabled ? "enabled" : "disabled"}.` })}
      failed="Failed to update the AI review setting. Please try again."
    />
  );
}
