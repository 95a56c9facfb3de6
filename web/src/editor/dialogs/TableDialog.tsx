import { useState } from "react";
import { TextField } from "../../components/ui/field";
import { TABLE_LIMITS } from "../lib/constants";
import { validateTableSize } from "../lib/table";
import { FormDialog } from "../../components/ui/form-dialog";

const AXES = [
  { key: "rows", label: "Rows", min: TABLE_LIMITS.minRows, max: TABLE_LIMITS.maxRows },
  { key: "columns", label: "Columns", min: TABLE_LIMITS.minColumns, max: TABLE_LIMITS.maxColumns },
] as const;

/** Spec §5: rows 1-20, columns 1-10, starting at 3 × 3. */
export function TableDialog({ onSubmit, onClose }: { onSubmit: (rows: number, columns: number) => void; onClose: () => void }) {
  const [size, setSize] = useState({ rows: String(TABLE_LIMITS.defaultRows), columns: String(TABLE_LIMITS.defaultColumns) });
  const [errors, setErrors] = useState<{ rows?: string; columns?: string }>({});

  const submit = () => {
    const result = validateTableSize(size.rows, size.columns);
    if (result.ok) onSubmit(result.rows, result.columns);
    else setErrors(result.errors);
  };

  return (
    <FormDialog id="cw-table-form" title="Insert table" submitLabel="Insert table" size="sm" onSubmit={submit} onClose={onClose}>
      <div className="grid grid-cols-2 gap-4">
        {AXES.map(({ key, label, min, max }, i) => (
          <TextField
            key={key}
            label={label}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            hint={`${min}-${max}`}
            autoFocus={i === 0}
            value={size[key]}
            error={errors[key]}
            onChange={(e) => setSize((s) => ({ ...s, [key]: e.target.value }))}
          />
        ))}
      </div>
    </FormDialog>
  );
}
