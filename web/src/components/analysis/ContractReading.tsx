import { useId } from "react";
import { Landmark, MapPin, Users } from "lucide-react";
import { COMMON_PARTY_ROLES, type ContractAnalysis, type ContractDetail, type PlaceReading } from "@clausewise/shared";
import { useSetPerspective } from "../../api/analysis";
import { toast } from "../../stores/toast";
import { toastFailure } from "../contract/format";
import { Badge } from "../ui/badge";
import { Label } from "../ui/field";
import { NativeSelect } from "../ui/native-select";
import { Spinner } from "../ui/spinner";
import { QuotedClause, type ShowInDocument } from "./QuotedClause";

/** The choice that lets the server read our party from the company's name again. */
const FROM_NAME = "";

/** Our party's role in this contract (case-insensitive): the chosen one, else the one the analysis took. */
function sameRole(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}

/**
 * "Your side": the parties the contract names and which of them the company is, editable by whoever
 * may run the analysis (issue 13). Changing it re-analyses the contract from the new side.
 */
function PartiesAndSide({ contract, analysis }: { contract: ContractDetail; analysis: ContractAnalysis }) {
  const selectId = useId();
  const setSide = useSetPerspective(contract.id);
  const parties = analysis.parties ?? [];
  const perspective = analysis.perspective;
  const roles = parties.length > 0 ? parties.map((p) => p.role) : [...COMMON_PARTY_ROLES];
  if (contract.ourPartyRole && !roles.some((r) => sameRole(r, contract.ourPartyRole))) roles.push(contract.ourPartyRole);
  const current = roles.find((r) => sameRole(r, contract.ourPartyRole)) ?? FROM_NAME;
  const guessed = !contract.ourPartyRole && perspective?.role ? perspective.role : null;

  const choose = async (value: string) => {
    const role = value === FROM_NAME ? null : value;
    try {
      const saved = await setSide.mutateAsync(role);
      toast({
        title: "Side Updated",
        description: saved.reanalysisQueued
          ? `The contract is being analysed again ${saved.ourPartyRole ? `from the ${saved.ourPartyRole}'s side` : "from your company's name"}.`
          : "Saved. AI review is turned off, so the analysis will use it when it runs again.",
      });
    } catch (error) {
      toastFailure("Side Not Saved", error, "Failed to save your side. Please try again.");
    }
  };

  return (
    <section aria-labelledby={`${selectId}-parties`} className="space-y-2 rounded-md border border-slate-200 p-2.5">
      <h4 id={`${selectId}-parties`} className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <Users aria-hidden="true" className="size-3.5" />
        Parties
      </h4>
      {parties.length > 0 ? (
        <ul aria-label="Parties to the contract" className="space-y-1 text-sm text-slate-800">
          {parties.map((party) => (
            <li key={`${party.role}:${party.start}`} className="flex flex-wrap items-center gap-1.5">
              <span className="font-medium">{party.name ?? "Unnamed party"}</span>
              <span className="text-slate-500">— the {party.role}</span>
              {sameRole(party.role, perspective?.role) && perspective?.side && <Badge tone="brand">Your company</Badge>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-600">The contract does not name its parties in a way the engine recognises.</p>
      )}
      <div className="space-y-1">
        <Label htmlFor={selectId}>Your company is the</Label>
        {contract.abilities.analyze ? (
          <div className="flex items-center gap-2">
            <NativeSelect id={selectId} value={current} disabled={setSide.isPending} onChange={(e) => void choose(e.target.value)} className="flex-1">
              <option value={FROM_NAME}>{guessed ? `${guessed} (from your company's name)` : "Not set (decide from your company's name)"}</option>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </NativeSelect>
            {setSide.isPending && <Spinner className="size-4" />}
          </div>
        ) : (
          <p className="text-sm text-slate-800">{perspective?.role ?? "Not known"}</p>
        )}
        {perspective && <p className="text-xs text-slate-600">{perspective.note}</p>}
      </div>
    </section>
  );
}

function Reading({ label, icon: Icon, reading, onShow }: { label: string; icon: typeof Landmark; reading: PlaceReading; onShow?: ShowInDocument }) {
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-800">
        <Icon aria-hidden="true" className="size-3.5 text-slate-500" />
        <span className="text-slate-500">{label}:</span>
        <span className="font-medium">{reading.name}</span>
        {reading.country !== reading.name && reading.name !== "Canada" && <span className="text-slate-500">({reading.country})</span>}
      </p>
      <p className="text-xs text-slate-600">{reading.reason}</p>
      <QuotedClause quote={reading} onShow={onShow} label={`the sentence naming the ${label.toLowerCase()}`} />
    </div>
  );
}

/** Which law governs and where the work is, and why the engine believes so (the sentence each rests on). */
function LawAndPlace({ analysis, onShow }: { analysis: ContractAnalysis; onShow?: ShowInDocument }) {
  const headingId = useId();
  const { governingLaw, placeOfWork, jurisdictionNote } = analysis;
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-md border border-slate-200 p-2.5">
      <h4 id={headingId} className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <Landmark aria-hidden="true" className="size-3.5" />
        Governing law
      </h4>
      {governingLaw ? <Reading label="Governing law" icon={Landmark} reading={governingLaw} onShow={onShow} /> : <p className="text-sm text-slate-700">No governing-law clause was found.</p>}
      {placeOfWork && <Reading label="Place of the work" icon={MapPin} reading={placeOfWork} onShow={onShow} />}
      {jurisdictionNote && <p className="text-xs text-slate-700">{jurisdictionNote}</p>}
    </section>
  );
}

/** Parties, our side and the law, above the findings (they say from where the findings are judged). */
export function ContractReading({ contract, analysis, onShow }: { contract: ContractDetail; analysis: ContractAnalysis; onShow?: ShowInDocument }) {
  // An analysis stored before issue 13 has none of this: it shows the findings alone.
  if (!analysis.perspective && !analysis.parties && analysis.governingLaw === undefined) return null;
  return (
    <div className="space-y-2">
      <PartiesAndSide contract={contract} analysis={analysis} />
      <LawAndPlace analysis={analysis} onShow={onShow} />
    </div>
  );
}
