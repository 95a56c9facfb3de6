import { useSearchParams } from "react-router-dom";
import { BookOpen, Inbox, LifeBuoy, ListChecks, PenSquare } from "lucide-react";
import { can, useCurrentUser } from "../../api/auth";
import { goToLogin } from "../../api/query-client";
import { PageHeader } from "../../components/PageHeader";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useDocumentTitle } from "../../lib/hooks";
import { ContactInfo } from "./ContactInfo";
import { HelpCenter } from "./HelpCenter";
import { Inbox as SupportInbox } from "./Inbox";
import { TicketForm } from "./TicketForm";
import { TicketList } from "./TicketList";

interface SupportPageProps {
  /** Where "log in" goes; the browser's sign-in entry (back to /support afterwards) by default. */
  onLoginRequired?: () => void;
}

/** Billing spec §2 Support: four tabs; tickets need a signed-in user, the help center is public. */
export function SupportPage({ onLoginRequired = goToLogin }: SupportPageProps) {
  useDocumentTitle("Support");
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  const desk = can(user, "support.desk");
  // Mailed links open a ticket: /support?ticket=… (the requester's) or /support?tab=inbox&ticket=… (support's).
  const [params] = useSearchParams();
  const ticket = params.get("ticket");
  const tab = params.get("tab");
  const initialTab = tab === "inbox" && desk ? "inbox" : ticket ? "tickets" : "create";
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title="Support" description="Get help with ClauseWise from our support team." rootLabel={user ? "Dashboard" : "Home"} />
      <div className="flex-1 px-4 py-6 sm:px-8">
        <Tabs defaultValue={initialTab}>
          <TabsList label="Support sections">
            <TabsTrigger value="create">
              <PenSquare aria-hidden="true" />
              Create Ticket
            </TabsTrigger>
            <TabsTrigger value="tickets">
              <ListChecks aria-hidden="true" />
              My Tickets
            </TabsTrigger>
            <TabsTrigger value="help">
              <BookOpen aria-hidden="true" />
              Help Center
            </TabsTrigger>
            <TabsTrigger value="contact">
              <LifeBuoy aria-hidden="true" />
              Contact Info
            </TabsTrigger>
            {desk && (
              <TabsTrigger value="inbox">
                <Inbox aria-hidden="true" />
                Support Inbox
              </TabsTrigger>
            )}
          </TabsList>
          <TabsContent value="create" className="pt-4">
            <TicketForm signedIn={signedIn} onLoginRequired={onLoginRequired} />
          </TabsContent>
          <TabsContent value="tickets" className="pt-4">
            <TicketList signedIn={signedIn} onLoginRequired={onLoginRequired} initialTicket={desk && initialTab === "inbox" ? null : ticket} />
          </TabsContent>
          <TabsContent value="help" className="pt-4">
            <HelpCenter />
          </TabsContent>
          <TabsContent value="contact" className="pt-4">
            <ContactInfo />
          </TabsContent>
          {desk && (
            <TabsContent value="inbox" className="pt-4">
              <SupportInbox initialTicket={initialTab === "inbox" ? ticket : null} />
            </TabsContent>
          )}
        </Tabs>
      </div>
    </div>
  );
}
