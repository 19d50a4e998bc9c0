import MemberSpacePage from '@web/features/member-space/member-space-page';
import { OwnTicketsPanel } from '@web/features/events/own-tickets-panel';
import { OwnPledgesPanel } from '@web/features/pledges/own-pledges-panel';
import { MemberPrivacyPanel } from '@web/features/privacy/member-privacy-panel';

/** /espace-membre, with the donor's regular gifts and event tickets beside their payments, and their data and consents. */
export default function MemberSpaceRoute() {
  return (
    <MemberSpacePage
      extraPanels={
        <>
          <OwnPledgesPanel />
          <OwnTicketsPanel />
          <MemberPrivacyPanel />
        </>
      }
    />
  );
}
