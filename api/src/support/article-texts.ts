/**
 * The help center's articles (billing spec §2, Help Center). Plain text: paragraphs are separated by
 * blank lines and list items start with "- ". The slug is the article's identity across deployments:
 * change a title or text freely, but keep the slug, or the old article stays beside the new one.
 */
export interface ArticleText {
  slug: string;
  title: string;
  category: string;
  tags: string[];
  content: string;
}

export const ARTICLES: readonly ArticleText[] = [
  {
    slug: "uploading-contracts",
    title: "Uploading a contract: file types, size limits and scanned PDFs",
    category: "Getting started",
    tags: ["upload", "pdf", "docx", "ocr", "storage consent"],
    content: `Company administrators upload contracts from the dashboard with the Upload Contract button. Other roles see a disabled "Admin Only" button; ask your administrator to upload the contract and, if needed, to grant you access to it.

What you can upload:
- PDF (.pdf), Word (.docx and Word 97-2003 .doc) and plain text (.txt).
- One file of at most 10 MB. Larger files are refused with "File too large - Please select a file smaller than 10MB."
- Password-protected PDFs and Word documents cannot be read: remove the password first.

Scanned PDFs: when a PDF has no text layer (a scan or a photo of paper), ClauseWise recognises the text on the server with OCR. This takes a few seconds per page and works on up to 50 scanned pages per document. Clean, straight scans at 300 dpi give the best results; stamps, signatures and drawings are ignored. If nothing readable is found, upload a PDF with a text layer or the Word original instead. Always compare the recognised text with the paper original before relying on it.

The upload form asks for a title (required), the client (optional), a priority (low, medium, high or urgent; medium by default) and optional review and approval deadlines. You must consent to processing. Storage consent is optional: without it ClauseWise never keeps the original file, only the extracted text you review, and "Download Contract" gives you the current document as a Word file. The text is kept while the contract exists; deleting the contract erases it.

After the upload the contract opens in the list as "Under Review" and the AI analysis starts in the background; you are notified when it is ready.`,
  },
  {
    slug: "reading-the-ai-analysis",
    title: "Reading the AI analysis and its risk levels",
    category: "AI analysis",
    tags: ["analysis", "risk", "recommendations", "advantages"],
    content: `Every uploaded contract is analysed automatically. The AI Contract Analysis panel on the right of the contract page shows three lists: risks, advantages and recommendations. Each item quotes the clause it is about, so you can check it against the text.

Risk levels:
- Critical: a clause that can expose the company to losses out of proportion to the contract value, for example uncapped liability, consequential damages not excluded, or pay-when-paid terms that conflict with prompt payment legislation. Resolve before signing.
- High: a significant commercial or legal exposure, such as liquidated damages without a cap, a one-sided indemnity or termination for convenience without compensation. Negotiate or escalate.
- Medium: terms that deserve attention but are common in EPC work, such as a long warranty or defects period or a short notice period. Check they fit the project.
- Low: minor or administrative points.

The analysis covers the clause types that matter most in EPC contracts: limitation of liability, indemnities, liquidated and consequential damages, termination, payment terms and holdback, change orders, force majeure, warranties, insurance, bonds, performance guarantees, dispute resolution, governing law, confidentiality, intellectual property, schedule and delay, site conditions, safety and environmental obligations.

To analyse one passage, select it in the Document Viewer and choose a quick analysis (risk, legal, compliance, financial, timeline or jurisdiction) or write your own prompt for a custom analysis. The result lists the risk level, legal concerns and recommendations for that passage.

The analysis is informational and is not legal advice. Have counsel review high and critical items before you sign.`,
  },
  {
    slug: "asking-questions",
    title: "Asking questions about a contract",
    category: "AI analysis",
    tags: ["questions", "q&a", "ai"],
    content: `Use the question box in the AI Contract Analysis panel to ask about the contract in plain language, for example:
- "What is the cap on liability?"
- "How many days' notice do we need to terminate?"
- "Who carries the risk of unforeseen site conditions?"
- "Are liquidated damages the sole remedy for delay?"

After you submit, the question is listed with "AI is processing your question..." and the answer appears a moment later; you do not need to stay on the page. Answers quote the clauses they are based on, so you can read the original wording yourself.

Tips for good answers:
- Ask one thing at a time.
- Use the words the contract uses ("Owner", "Contractor", "Substantial Completion").
- If an answer says the contract does not address something, that is worth knowing too: silence on a topic can be a risk.

Everyone with access to the contract sees the questions and answers, so teammates can build on each other's work.`,
  },
  {
    slug: "markups-and-proposed-changes",
    title: "Markups, proposed changes and the approval workflow",
    category: "Collaboration",
    tags: ["markup", "comments", "changes", "approval", "workflow"],
    content: `Markups let you annotate a contract without changing its text. Select text, choose a type and write your note:
- Comment: a question or remark for the team.
- Suggestion: wording you would like to see instead.
- Approval: you are satisfied with this clause.
- Flag: something that must be resolved before signing.

Proposed changes do change the text, but only once approved. Select the passage in editing mode, enter the new text and an optional comment, and submit. The change appears in the changes panel as pending. Approvers and administrators approve it (the new text is applied to the live document) or reject it with an optional comment. If someone has meanwhile edited the selected words, approval is refused so that a change never lands on the wrong text: propose it again on the current wording.

Approval workflow: a contract moves from Under Review to Pending Approval when it is submitted for approval, then through the Legal Review, Finance Review and Final Approval steps. Approvers and administrators approve or reject at each step. A rejected contract returns to Under Review so the team can address the reasons and submit it again. Everyone involved is notified at each step.`,
  },
  {
    slug: "live-co-editing-and-suggestion-mode",
    title: "Editing together in real time and suggestion mode",
    category: "Collaboration",
    tags: ["editor", "real-time", "suggestions", "versions"],
    content: `The Word Editor tab is a live document: everyone who opens the contract edits the same text and sees the others' cursors and changes as they type. There is nothing to merge and no "someone else is editing" lock. Every edit is saved on the server as it happens, so closing the tab or losing your connection does not lose work others have already seen; when you reconnect, your pending edits are sent.

Who edits how:
- Approvers and administrators edit the text directly.
- Reviewers work in suggestion mode: what they type and delete is shown as a suggestion (insertions highlighted, deletions struck through) until an approver or administrator accepts or rejects it.
- People with read access see the document live but cannot change it.

Use versions to mark milestones, for example "Sent to client" or "After legal review". Creating a version keeps a full snapshot; restoring one brings its text back as a new edit, so no one's later work disappears without a trace.

The editor also offers find and replace (Ctrl+F), tables, links, images, document styles, zoom, print (Ctrl+P), and Word import and export. Ctrl+S saves immediately.`,
  },
  {
    slug: "tracking-exhibits",
    title: "Tracking exhibits and schedules",
    category: "Collaboration",
    tags: ["exhibits", "schedules", "attachments"],
    content: `EPC contracts depend on their exhibits and schedules: scope of work, pricing, milestones, technical specifications, insurance certificates. The Exhibit Tracker on the contract page keeps them together.

Adding an exhibit:
- Give it a title (required), and optionally an exhibit number (such as "Schedule B"), a description and tags.
- Attach the file: PDF, Word (.doc, .docx), Excel (.xls, .xlsx), PowerPoint (.ppt, .pptx) or text (.txt).
- If the document does not exist yet, mark it as planned instead: set an expected date, assign the person who will provide it and add notes. The assignee is notified.
- Mark exhibits the contract cannot be signed without as required.

Each exhibit has a status: pending, planned, reviewed, approved or rejected. An exhibit whose expected date has passed while it is still pending or planned shows as overdue. Reviewers record a review with a status and notes; once an exhibit is approved its review is final.

Exhibit files are kept with the contract so the whole team can open them.`,
  },
  {
    slug: "team-roles-and-contract-access",
    title: "Team roles and contract access levels",
    category: "Team and account",
    tags: ["roles", "permissions", "team", "access"],
    content: `Every member of your company has one of three roles:
- Admin: everything in the company, including uploading contracts, inviting and managing members, billing and company settings.
- Approver: edits documents directly, approves or rejects proposed changes and contracts, grants contract access and sees analytics.
- Reviewer: reads, comments, marks up, proposes changes (edits become suggestions), asks questions and runs AI analysis; cannot approve.

Administrators invite members from Team Management with an email and a role; invitations expire after 7 days. Deactivating a member stops their access and cannot be undone from the Team screen.

Per-contract access narrows or widens a member's role on one contract:
- Read: can open the contract but not change or comment on it.
- Review: can comment, mark up and propose changes.
- Approve: can also edit directly and approve changes and the contract.
- Admin: full control of that contract.

Use Manage Access in Team Management to grant a level; the Contract Access Control table lists every grant and lets you revoke it. A member without a grant works on every contract of the company at their role's level. Administrators always keep full access.`,
  },
  {
    slug: "notification-preferences",
    title: "Choosing your notifications",
    category: "Team and account",
    tags: ["notifications", "email", "quiet hours", "digest"],
    content: `Open Settings, then Notifications, then Manage Notifications (or go to Notification Preferences directly) to choose what reaches you and how.

For each event you can switch email and in-app notifications on or off separately: contract assignments, deadline reminders, contract approvals, contract rejections, new comments and system updates.

Frequency and timing:
- Email digest frequency: daily, weekly or never.
- Deadline reminder timing: 24 hours, 48 hours, 72 hours or a week before a deadline.

Quiet hours: switch them on and choose a start time, an end time and your time zone. Emails that would arrive in that window are held and sent when it ends; in-app notifications still appear in the bell.

The bell in the dashboard header shows your unread count and refreshes on its own. Clicking a notification marks it read and opens what it is about; Mark all read clears the list.`,
  },
  {
    slug: "jurisdictional-analysis",
    title: "Running a jurisdictional compliance analysis",
    category: "AI analysis",
    tags: ["jurisdiction", "compliance", "canada", "legislation"],
    content: `Jurisdictional Analysis checks contract text against the Canadian rules that bear on EPC work in the provinces and territories you choose, and federal law.

How to run it:
- Paste the contract text, or the clauses you are concerned about.
- Pick one or more jurisdictions, for example Alberta and British Columbia for a project that crosses the border.
- Pick the contract type (general, energy, mining, renewable energy, infrastructure, construction, facility maintenance or environmental remediation).
- Choose Analyze.

The result shows the primary and secondary jurisdictions, EPC-specific considerations, regulatory requirements, cross-jurisdictional issues, compliance risks (each with its severity, jurisdiction and a mitigation), recommended clauses and the applicable legislation by name. Typical findings are prompt payment and adjudication deadlines, holdback and lien periods, occupational health and safety duties, workers' compensation coverage, environmental assessment triggers, and Quebec civil law and French-language requirements.

Use the copy buttons to paste findings into your notes or a markup. The result is informational and not legal advice; confirm with counsel, especially where statutes were amended recently.`,
  },
  {
    slug: "privacy-and-ai-settings",
    title: "Privacy: the offline analysis engine and the company AI switch",
    category: "Security and privacy",
    tags: ["privacy", "security", "ai", "storage", "settings"],
    content: `ClauseWise is built so that your contracts stay yours.

The analysis engine: by default, contracts are analysed by ClauseWise's own engine running on the ClauseWise server, without sending text to any outside AI service. A deployment may also be connected to an external AI provider that your organisation has approved; analysis results always say which engine produced them, and the built-in engine takes over if that provider is unavailable.

The company AI switch: administrators find "AI Contract Analysis" under Settings, Security. Switching it off stops all AI analysis and questions for the whole company; uploads, markups, editing and approvals keep working. Switch it back on at any time.

Storage consent: at upload you decide whether the original file may be stored. Without consent the original bytes are never written anywhere; only the text you review is kept, and downloads give you the current document as a Word file.

Deleting and retention: the text and everything your team did with it (versions, comments, analyses, questions, exhibits and their files) is kept while the contract exists. An administrator can delete a contract from its page ("Delete contract"), which erases all of it, including a stored original; under Settings, Company, administrators can also have approved contracts erased automatically a set number of days after approval. Audit records keep who did what and when, naming the contract by its identifier only.

Access: every record belongs to your company and is never visible to another company. Within the company, roles and per-contract access decide who may read, review or approve. Sessions can be reviewed and revoked under Settings, Security, where you can also turn on two-factor sign-in and manage API keys.`,
  },
  {
    slug: "exporting-reports",
    title: "Downloading contracts and exporting analysis reports",
    category: "Getting started",
    tags: ["export", "download", "report", "pdf", "word"],
    content: `From the Download menu in the contract header:
- Download Contract: the original file when storage consent was given at upload; otherwise the current document, with all approved changes, as a Word (.docx) file.
- Download AI Analysis Report: a PDF with the contract's risks, advantages and recommendations, each with its risk level and the quoted clause. If the analysis has not finished yet you will see "No Analysis Available"; wait for the analysis notification and try again.

In the Word Editor, Export to Word saves the document as you see it as a .docx file, and Print sends it to your printer or to a PDF.

Reports are informational and not legal advice; share them with counsel together with the contract itself.`,
  },
];
