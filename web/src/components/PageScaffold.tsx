import type { ReactNode } from "react";
import { ShieldAlert } from "lucide-react";
import type { UserAbility } from "@clausewise/shared";
import { can, useSignedInUser } from "../api/auth";
import { useDocumentTitle } from "../lib/hooks";
import { PageHeader, type Crumb } from "./PageHeader";
import { StatusPanel } from "./StatusPanel";
import { ComingSoonCard } from "./ComingSoonCard";
import { Card } from "./ui/card";

export interface Restriction {
  ability: UserAbility;
  title: "Access Restricted" | "Access Denied";
  message: string;
}

interface PageScaffoldProps {
  title: string;
  description?: string;
  breadcrumb?: Crumb[];
  restriction?: Restriction;
  children?: ReactNode;
}

/** A signed-in page: header with breadcrumb, the access rule of the spec, then its content. */
export function PageScaffold({ title, description, breadcrumb, restriction, children }: PageScaffoldProps) {
  const user = useSignedInUser();
  useDocumentTitle(title);
  const denied = restriction && !can(user, restriction.ability);
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={title} description={denied ? undefined : description} breadcrumb={breadcrumb} />
      <div className="flex-1 px-4 py-6 sm:px-8">
        {denied ? (
          <Card>
            <StatusPanel icon={ShieldAlert} title={restriction.title} tone="danger">
              {restriction.message}
            </StatusPanel>
          </Card>
        ) : (
          children ?? <ComingSoonCard />
        )}
      </div>
    </div>
  );
}
