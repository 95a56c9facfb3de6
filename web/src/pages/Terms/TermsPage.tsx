import { useCurrentUser } from "../../api/auth";
import { PageHeader } from "../../components/PageHeader";
import { Card } from "../../components/ui/card";
import { useDocumentTitle } from "../../lib/hooks";

const SECTIONS: { heading: string; paragraphs: string[] }[] = [
  {
    heading: "The service",
    paragraphs: [
      "ClauseWise provides tools for engineering, procurement and construction companies to upload, analyse, mark up, discuss and approve contracts.",
    ],
  },
  {
    heading: "Not legal advice",
    paragraphs: [
      "Analysis, answers and recommendations produced by ClauseWise, including AI-generated output, are provided for informational purposes only. They are not legal advice and do not replace review by qualified legal counsel.",
    ],
  },
  {
    heading: "Subscriptions and fees",
    paragraphs: [
      "Paid plans are billed monthly and can be cancelled; a cancelled plan remains active until the end of the current billing period.",
      "Prices may change with 30 days' notice. Fees are non-refundable.",
    ],
  },
  {
    heading: "Your contracts",
    paragraphs: [
      "The original file you upload is stored only if you give storage consent at upload. Without it, the file is read once to extract its text and is never written to storage.",
      "The extracted text, and the work done on it (edits, versions, comments, proposed changes, analyses, questions and exhibits), is kept while the contract exists, because that is what you review. Deleting a contract erases all of it, including a stored original file. Administrators can also have approved contracts erased automatically a set number of days after approval.",
      "Audit records of who did what, and when, are kept after a contract is deleted; they name the contract by its identifier only.",
    ],
  },
  {
    heading: "Governing law",
    paragraphs: ["These terms are governed by the laws of the Province of Alberta and the federal laws of Canada applicable there."],
  },
];

export function TermsPage() {
  useDocumentTitle("Terms of Service");
  const { data: user } = useCurrentUser();
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title="Terms of Service" rootLabel={user ? "Dashboard" : "Home"} />
      <div className="flex-1 px-4 py-6 sm:px-8">
        <Card className="mx-auto max-w-3xl px-6 py-8 sm:px-10">
          <div className="space-y-8">
            {SECTIONS.map((section, index) => (
              <section key={section.heading} aria-labelledby={`terms-${index}`}>
                <h2 id={`terms-${index}`} className="text-base font-semibold text-slate-900">
                  {index + 1}. {section.heading}
                </h2>
                {section.paragraphs.map((text) => (
                  <p key={text} className="mt-2 text-sm leading-relaxed text-slate-700">
                    {text}
                  </p>
                ))}
              </section>
            ))}
          </div>
        </Card>
      </div>
    </div>
  );
}
