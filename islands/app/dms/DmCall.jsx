// A call in a DM: the call button in the conversation's header (the chat header's tools, through a
// portal), and while the call is on, over the conversation: 'Звоним…' with the person and a cancel
// button until they answer (the server ends it after VOICE_RING_SECONDS, or when they decline),
// then the room — cards and controls. The call is the DM channel's voice seat; the other person is
// rung on every tab (rtc_incoming_call). How it ended is told by a toast and left as a line in the
// conversation (CallLine.jsx).
import Phone from 'lucide-react/icons/phone';
import PhoneOff from 'lucide-react/icons/phone-off';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import Avatar from '../chat/Avatar.jsx';
import { joinVoice, leaveVoice } from '../voice/session.js';
import { myId, useVoice } from '../voice/store.js';
import { DeafenButton, MuteButton } from '../voice/SwitchButtons.jsx';
import { TEXTS } from '../voice/texts.js';
import VoiceRoom from '../voice/VoiceRoom.jsx';
import { t } from '../../lib/i18n.js';

/** The person's name as a call shows it: their display name, else their username. */
export const callName = (person) => person.displayName || person.username;

/** Calls `person` in the DM `channel` (this tab takes the seat; the other person is rung). */
export function callPerson(channel, person) {
  joinVoice({ id: channel.id, name: callName(person), serverId: null, dm: true, userId: person.id });
}

function CallButton({ channel, person }) {
  const busy = useVoice((voice) => voice.channel?.id === channel.id);
  const label = t('Позвонить: {name}', { name: callName(person) });
  return (
    <button type="button" className="icon-button dm-call__button" disabled={busy} data-voice="call"
      onClick={() => callPerson(channel, person)} aria-label={label} title={label}>
      <Phone size={18} aria-hidden="true" />
    </button>
  );
}

/** We sit in the call alone: the other person is being rung. */
function Calling({ person }) {
  return (
    <div className="dm-call__room dm-call__calling" data-voice-call="calling">
      <span className="dm-call__avatar"><Avatar author={person} size={64} /></span>
      <p className="dm-call__who truncate">{callName(person)}</p>
      <p className="dm-call__state" role="status">{TEXTS.calling}</p>
      <div className="voice-controls" role="toolbar" aria-label={t('Управление голосовой связью')}>
        <MuteButton className="voice-control" />
        <DeafenButton className="voice-control" />
        <button type="button" className="voice-control voice-control--leave" onClick={() => leaveVoice()}
          aria-label={TEXTS.cancelCall} title={TEXTS.cancelCall} data-voice="cancel">
          <PhoneOff size={20} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

export default function DmCall({ channel }) {
  const person = channel.recipient ?? { id: null, username: channel.name };
  const here = useVoice((voice) => voice.channel?.id === channel.id ? voice.status : null);
  const alone = useVoice((voice) => Object.keys(voice.participants).every((id) => Number(id) === myId()));
  const error = useVoice((voice) => (voice.error?.channelId === channel.id ? voice.error.message : null));
  const [tools, setTools] = useState(null);
  useEffect(() => setTools(document.querySelector('.chat-header__tools')), [channel.id]);
  return (
    <>
      {tools && createPortal(<CallButton channel={channel} person={person} />, tools)}
      {error && !here && <p className="voice-connect__error dm-call__error" role="alert">{error}</p>}
      {here === 'connecting' && <p className="dm-call__room channel-screen__status" role="status">{TEXTS.connecting}</p>}
      {here === 'connected' && (alone ? <Calling person={person} /> : <div className="dm-call__room"><VoiceRoom /></div>)}
    </>
  );
}
