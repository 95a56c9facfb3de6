import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { FONT_FAMILIES, FONT_SIZES_PX } from "../lib/constants";
import {
  customStyleToFormat,
  DEFAULT_CUSTOM_STYLE,
  formatPreviewStyle,
  PREDEFINED_STYLES,
  validateCustomStyle,
  type Alignment,
  type CustomStyle,
  type StyleFormat,
} from "../lib/styles";

const ALIGN_LABELS: Record<Alignment, string> = { left: "Left", center: "Center", right: "Right", justify: "Justify" };

/** Spec §2 'Document Styles': the ten predefined styles and a custom style with a live preview. */
export function StylesDialog({ onApply, onClose }: { onApply: (format: StyleFormat, name: string) => void; onClose: () => void }) {
  const [custom, setCustom] = useState<CustomStyle>(DEFAULT_CUSTOM_STYLE);
  const errors = validateCustomStyle(custom);
  const valid = Object.keys(errors).length === 0;
  const set = <K extends keyof CustomStyle>(key: K, value: CustomStyle[K]) => setCustom((c) => ({ ...c, [key]: value }));

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title="Document Styles"
      description="Styles apply to the selected text, or to the paragraph the cursor is in."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button disabled={!valid} onClick={() => onApply(customStyleToFormat(custom), "Custom style")}>
            Apply custom style
          </Button>
        </>
      }
    >
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <section aria-labelledby="cw-styles-predefined">
          <h3 id="cw-styles-predefined" className="mb-2 text-sm font-semibold text-slate-800">
            Predefined styles
          </h3>
          <ul className="max-h-96 space-y-1 overflow-y-auto pr-1">
            {PREDEFINED_STYLES.map((style) => (
              <li key={style.id}>
                <button
                  type="button"
                  aria-label={`Apply ${style.name}`}
                  onClick={() => onApply(style.format, style.name)}
                  className="w-full rounded-md border border-slate-200 px-3 py-2 text-left hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="block truncate leading-tight" style={{ ...formatPreviewStyle(style.format), fontSize: `min(${formatPreviewStyle(style.format).fontSize ?? "14px"}, 22px)` }}>
                    {style.name}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="cw-styles-custom" className="space-y-3">
          <h3 id="cw-styles-custom" className="text-sm font-semibold text-slate-800">
            Custom style
          </h3>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Font" error={errors.font}>
              {({ id, describedBy }) => (
                <NativeSelect id={id} aria-describedby={describedBy} value={custom.font} onChange={(e) => set("font", e.target.value)}>
                  {FONT_FAMILIES.map((font) => (
                    <option key={font}>{font}</option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Size" error={errors.size}>
              {({ id, describedBy }) => (
                <NativeSelect id={id} aria-describedby={describedBy} value={custom.size} onChange={(e) => set("size", e.target.value)}>
                  {FONT_SIZES_PX.map((px) => (
                    <option key={px} value={`${px}px`}>
                      {px}px
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Colour" error={errors.color}>
              {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} type="color" className="p-1" value={custom.color} onChange={(e) => set("color", e.target.value)} />}
            </Field>
            <Field label="Background" error={errors.background}>
              {({ id, describedBy }) => (
                <div className="flex items-center gap-2">
                  <Input
                    id={id}
                    aria-describedby={describedBy}
                    type="color"
                    className="p-1"
                    disabled={custom.background === ""}
                    value={custom.background || "#fff7cc"}
                    onChange={(e) => set("background", e.target.value)}
                  />
                  <Checkbox label="None" checked={custom.background === ""} onChange={(e) => set("background", e.target.checked ? "" : "#fff7cc")} />
                </div>
              )}
            </Field>
            <Field label="Alignment">
              {({ id }) => (
                <NativeSelect id={id} value={custom.align} onChange={(e) => set("align", e.target.value as Alignment)}>
                  {(Object.keys(ALIGN_LABELS) as Alignment[]).map((a) => (
                    <option key={a} value={a}>
                      {ALIGN_LABELS[a]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <fieldset className="space-y-1.5">
              <legend className="text-sm font-medium text-slate-800">Emphasis</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1 pt-1.5">
                <Checkbox label="Bold" checked={custom.bold} onChange={(e) => set("bold", e.target.checked)} />
                <Checkbox label="Italic" checked={custom.italic} onChange={(e) => set("italic", e.target.checked)} />
                <Checkbox label="Underline" checked={custom.underline} onChange={(e) => set("underline", e.target.checked)} />
              </div>
            </fieldset>
          </div>
          <figure className="rounded-md border border-dashed border-slate-300 bg-white p-3">
            <figcaption className="mb-1 text-xs font-medium text-slate-500">Preview</figcaption>
            <p data-testid="style-preview" className="break-words" style={formatPreviewStyle(customStyleToFormat(custom))}>
              The Contractor shall complete the Work in accordance with the Contract Documents.
            </p>
          </figure>
        </section>
      </div>
    </Dialog>
  );
}
