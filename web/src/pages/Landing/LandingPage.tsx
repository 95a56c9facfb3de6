import { ArrowRight, Brain, CircleCheck, Lock, ShieldCheck, Users, type LucideIcon } from "lucide-react";
import { Button } from "../../components/ui/button";
import { PublicFooter, PublicHeader, goToSignIn } from "../../components/PublicLayout";
import { useDocumentTitle } from "../../lib/hooks";
import { HeroIllustration } from "./HeroIllustration";

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

const FEATURES: Feature[] = [
  {
    icon: Brain,
    title: "AI Contract Analysis",
    text: "Surface risks and advantages in EPC contracts, from limitation of liability and liquidated damages to holdback and change orders, with the clause quoted.",
  },
  {
    icon: Users,
    title: "Team Collaboration",
    text: "Reviewers, approvers and administrators comment, mark up and propose changes on one live document, with approval built in.",
  },
  {
    icon: ShieldCheck,
    title: "Security & Privacy",
    text: "Company-isolated workspaces and role-based permissions. Your original file is stored only if you choose; the text you review is erased with the contract.",
  },
];

const BENEFITS: { title: string; text: string }[] = [
  {
    title: "EPC Industry Expertise",
    text: "Built around Canadian EPC practice: prompt payment and adjudication, holdback and lien periods, provincial regulation.",
  },
  {
    title: "Role-Based Access Control",
    text: "Administrators decide who reviews, who approves and who can see each contract.",
  },
  {
    title: "AI-Powered Q&A",
    text: "Ask questions about contract terms in plain language and get answers grounded in the contract text.",
  },
  {
    title: "No Permanent Storage",
    text: "The original file is stored only if you consent at upload. The text you review is kept while the contract exists and erased with it: when an administrator deletes it, or automatically a set time after approval.",
  },
];

export function LandingPage() {
  useDocumentTitle("Secure Contract Review for EPC Companies");
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <PublicHeader />
      <main id="main" className="flex-1">
        <section className="relative overflow-hidden bg-slate-900">
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-800),transparent_60%)] opacity-60"
          />
          <div className="relative mx-auto grid max-w-6xl items-center gap-16 px-4 py-20 sm:px-6 sm:py-28 lg:grid-cols-[3fr_2fr]">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-brand-100 ring-1 ring-white/15">
                <Lock aria-hidden="true" className="size-3.5" />
                For engineering, procurement and construction teams in Canada
              </p>
              <h1 className="mt-6 max-w-3xl text-4xl font-semibold tracking-tight text-white sm:text-5xl">
                Secure Contract Review for EPC Companies
              </h1>
              <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-300">
                Analyse, mark up and approve EPC contracts with your team. ClauseWise highlights risk, explains the
                terms and keeps your documents private.
              </p>
              <div className="mt-9 flex flex-wrap items-center gap-3">
                <Button size="lg" variant="inverse" onClick={goToSignIn}>
                  Get Started
                  <ArrowRight aria-hidden="true" />
                </Button>
              </div>
            </div>
            <HeroIllustration />
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <div className="max-w-2xl">
            <h2 id="features-heading" className="text-3xl font-semibold tracking-tight text-slate-900">
              Built for EPC Professionals
            </h2>
            <p className="mt-3 text-base text-slate-600">
              Contract managers, engineers and counsel review the same document, each with the tools their role needs.
            </p>
          </div>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-xs">
                <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <feature.icon aria-hidden="true" className="size-5.5" />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="benefits-heading" className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[2fr_3fr]">
            <div>
              <h2 id="benefits-heading" className="text-3xl font-semibold tracking-tight text-slate-900">
                Why EPC teams choose ClauseWise
              </h2>
              <p className="mt-3 text-base text-slate-600">
                Designed with the contract managers, engineers and counsel who negotiate and deliver industrial projects.
              </p>
            </div>
            <ul className="grid gap-6 sm:grid-cols-2">
              {BENEFITS.map((benefit) => (
                <li key={benefit.title} className="flex gap-3">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <div>
                    <h3 className="font-semibold text-slate-900">{benefit.title}</h3>
                    <p className="mt-1 text-sm leading-relaxed text-slate-600">{benefit.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
