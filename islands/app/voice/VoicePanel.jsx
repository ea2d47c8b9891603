// The `voice-panel` island, mounted after the rest of /app (main.jsx): the voice bar, the sound of
// the others, the incoming-call prompt, and through portals the top bar's switches and the
// sidebar's "who is in voice" (Ctrl+M / Ctrl+D are entries of shortcuts/registry.js). All voice
// code loads with it, after the page is interactive; the voice channel view loads its own part
// when a voice channel is opened.
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import { useRoute } from '../router.js';
import IncomingCall from './IncomingCall.jsx';
import RemoteAudio from './RemoteAudio.jsx';
import { loadRoster } from './roster.js';
import SidebarRoster from './SidebarRoster.jsx';
import TopBarVoice from './TopBarVoice.jsx';
import useSlots from './useSlots.js';
import VoiceBar from './VoiceBar.jsx';

export default function VoicePanel() {
  const { serverId } = useRoute();
  const rosterSlots = useSlots('[data-voice-roster]');
  const [topbarSlot] = useSlots('#topbar-voice');
  useEffect(() => {
    if (serverId != null) loadRoster(serverId);
  }, [serverId]);
  return (
    <>
      <VoiceBar />
      <RemoteAudio />
      <IncomingCall />
      {topbarSlot && createPortal(<TopBarVoice />, topbarSlot)}
      {rosterSlots.map((slot) => createPortal(
        <SidebarRoster channelId={Number(slot.dataset.voiceRoster)} />, slot, slot.dataset.voiceRoster,
      ))}
    </>
  );
}
