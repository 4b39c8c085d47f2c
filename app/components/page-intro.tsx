// Heading, lead text, breadcrumbs and optional stats → the branded header band every browse page opens with.
import type { ReactNode } from "react";
import { Breadcrumbs, type Crumb } from "./breadcrumbs";

export function PageIntro({ title, lead, crumbs, children }: { title: string; lead?: ReactNode; crumbs: Crumb[]; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-indigo-700 text-white">
      <div className="container-page py-8 sm:py-12">
        <Breadcrumbs crumbs={crumbs} tone="dark" />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-3 max-w-3xl text-base text-brand-100 sm:text-lg">{lead}</p> : null}
        {children ? <div className="mt-6">{children}</div> : null}
      </div>
    </section>
  );
}
