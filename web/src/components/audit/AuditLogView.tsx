import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { Download } from "lucide-react";
import { AUDIT_ACTION_GROUPS, AUDIT_MESSAGES, type AuditEvent } from "@clausewise/shared";
import { downloadAuditCsv, useAuditLog } from "../../api/audit";
import { errorText } from "../../api/client";
import { toast } from "../../stores/toast";
import { Button } from "../ui/button";
import { Field, TextField } from "../ui/field";
import { NativeSelect } from "../ui/native-select";
import { LoadingState } from "../ui/spinner";
import { Cell, Section, Table } from "../ui/table";
import { NO_FILTERS, toAuditQuery, type AuditFilterForm } from "./filters";

export interface Option {
  value: string;
  label: string;
}

const when = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <Field label={label}>
      {({ id }) => (
        <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </NativeSelect>
      )}
    </Field>
  );
}

function EventRow({ event }: { event: AuditEvent }) {
  return (
    <tr>
      <Cell className="whitespace-nowrap text-slate-600">
        <time dateTime={event.createdAt}>{when.format(new Date(event.createdAt))}</time>
      </Cell>
      <Cell>
        <p className="font-medium text-slate-900">{event.actor.name}</p>
        {event.actor.email && <p className="text-xs text-slate-500">{event.actor.email}</p>}
      </Cell>
      <Cell>{event.actionLabel}</Cell>
      <Cell>
        {event.contract &&
          (event.contract.title === null ? (
            <span className="text-slate-500 italic">Deleted contract</span>
          ) : (
            <Link className="text-brand-700 hover:underline" to={`/contracts/${event.contract.id}`}>
              {event.contract.title}
            </Link>
          ))}
      </Cell>
      <Cell className="text-slate-700">{event.details}</Cell>
    </tr>
  );
}

/**
 * The Audit Log (issue 16): filters, the events newest first a page at a time, and the CSV of every
 * matching event. The company admin's page passes people and contracts to filter by; the operators'
 * view of another company filters by action and date.
 */
export function AuditLogView({ path, title = "Audit Log", people, contracts }: { path: string; title?: string; people?: Option[]; contracts?: Option[] }) {
  const [form, setForm] = useState<AuditFilterForm>(NO_FILTERS);
  const [exporting, setExporting] = useState(false);
  const filters = toAuditQuery(form);
  const log = useAuditLog(path, filters);
  const set = (key: keyof AuditFilterForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const events = log.data?.pages.flatMap((p) => p.events) ?? [];

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(path, filters);
    } catch (error) {
      toast({ title: "Export failed", description: errorText(error, "The audit log could not be exported."), variant: "destructive" });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Section
      title={title}
      description="Who did what, and when. Times are shown in your time zone; the CSV has them in UTC."
      action={
        <Button variant="secondary" disabled={exporting} onClick={() => void onExport()}>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      }
    >
      <form role="search" aria-label="Filter the audit log" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-6" onSubmit={(e) => e.preventDefault()}>
        {people && (
          <Select label="Person" value={form.userId} onChange={set("userId")}>
            <option value="">Everyone</option>
            {people.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </Select>
        )}
        <Select label="Action" value={form.action} onChange={set("action")}>
          <option value="">All actions</option>
          {AUDIT_ACTION_GROUPS.map((group) => (
            <optgroup key={group.group} label={group.group}>
              {Object.entries(group.actions).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
        {contracts && (
          <Select label="Contract" value={form.contractId} onChange={set("contractId")}>
            <option value="">All contracts</option>
            {contracts.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </Select>
        )}
        <TextField label="From" type="date" value={form.fromDay} onChange={(e) => set("fromDay")(e.target.value)} />
        <TextField label="To" type="date" value={form.toDay} min={form.fromDay || undefined} onChange={(e) => set("toDay")(e.target.value)} />
        <div className="flex items-end">
          <Button variant="ghost" type="button" onClick={() => setForm(NO_FILTERS)} disabled={JSON.stringify(form) === JSON.stringify(NO_FILTERS)}>
            Clear filters
          </Button>
        </div>
      </form>
      {log.isPending ? (
        <LoadingState label="Loading the audit log..." />
      ) : log.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(log.error, "The audit log could not be loaded.")}
        </p>
      ) : events.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{AUDIT_MESSAGES.empty}</p>
      ) : (
        <>
          <Table label="Audit events" columns={["Time", "Person", "Action", "Contract", "Details"]}>
            {events.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </Table>
          {log.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                {log.isFetchingNextPage ? "Loading..." : "Load more"}
              </Button>
            </div>
          )}
        </>
      )}
    </Section>
  );
}
