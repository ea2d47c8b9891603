// A call in a DM: the call button in the conversation's header (the chat header's tools, through a
// portal), and while the call is on, the room — cards and controls — over the conversation. The
// call is the DM channel's voice seat; the other person is rung on every tab (rtc_incoming_call).
import Phone from 'lucide-react/icons/phone';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import { joinVoice } from '../voice/session.js';
import { useVoice } from '../voice/store.js';
import { TEXTS } from '../voice/texts.js';
import VoiceRoom from '../voice/VoiceRoom.jsx';
import { t } from '../../lib/i18n.js';

function CallButton({ channel, person }) {
  const busy = useVoice((voice) => voice.channel?.id === channel.id);
  const label = t('Позвонить: {name}', { name: person.username });
  return (
    <button type="button" className="icon-button dm-call__button" disabled={busy} data-voice="call"
      onClick={() => joinVoice({ id: channel.id, name: person.username, serverId: null, dm: true, userId: person.id })}
      aria-label={label} title={label}>
      <Phone size={18} aria-hidden="true" />
    </button>
  );
}

export default function DmCall({ channel }) {
  const person = channel.recipient ?? { id: null, username: channel.name };
  const here = useVoice((voice) => voice.channel?.id === channel.id ? voice.status : null);
  const error = useVoice((voice) => (voice.error?.channelId === channel.id ? voice.error.message : null));
  const [tools, setTools] = useState(null);
  useEffect(() => setTools(document.querySelector('.chat-header__tools')), [channel.id]);
  return (
    <>
      {tools && createPortal(<CallButton channel={channel} person={person} />, tools)}
      {error && !here && <p className="voice-connect__error dm-call__error" role="alert">{error}</p>}
      {here === 'connecting' && <p className="dm-call__room channel-screen__status" role="status">{TEXTS.connecting}</p>}
      {here === 'connected' && <div className="dm-call__room"><VoiceRoom /></div>}
    </>
  );
}
