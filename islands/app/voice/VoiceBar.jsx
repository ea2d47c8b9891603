// The small bar at the bottom of the sidebar while we sit in voice anywhere: the channel (a link
// back to it), the state, and the microphone, sound and disconnect buttons.
import PhoneOff from 'lucide-react/icons/phone-off';
import Volume2 from 'lucide-react/icons/volume-2';
import { Link, channelPath } from '../router.js';
import { leaveVoice } from './session.js';
import { myId, useVoice } from './store.js';
import { DeafenButton, MuteButton } from './SwitchButtons.jsx';
import { TEXTS, TOASTS } from './texts.js';
import { t } from '../../lib/i18n.js';

const placeOf = (channel) => (channel.dm ? `/app/friends?dm=${channel.userId}` : channelPath(channel.serverId, channel.id));

export default function VoiceBar() {
  const channel = useVoice((voice) => voice.channel);
  const status = useVoice((voice) => voice.status);
  const alone = useVoice((voice) => Object.keys(voice.participants).every((id) => Number(id) === myId()));
  if (!channel) return null;
  const connected = status === 'connected';
  const calling = connected && channel.dm && alone; // our call rings, nobody answered yet
  return (
    <section className="voice-bar" aria-label={t('Голосовая связь')}>
      <span className={`voice-bar__signal${connected ? ' is-connected' : ''}`} aria-hidden="true"><Volume2 size={18} /></span>
      <div className="voice-bar__text">
        <p className="voice-bar__state" role="status">{calling ? TEXTS.calling : connected ? TEXTS.barConnected : TEXTS.connecting}</p>
        {channel.serverId != null || channel.dm ? (
          <Link to={placeOf(channel)} className="voice-bar__channel truncate">{channel.dm ? TOASTS.callWith(channel.name) : channel.name}</Link>
        ) : <span className="voice-bar__channel truncate">{channel.name}</span>}
      </div>
      <MuteButton size={18} />
      <DeafenButton size={18} />
      <button type="button" className="icon-button voice-bar__leave" onClick={() => leaveVoice()}
        aria-label={calling ? TEXTS.cancelCall : t('Отключиться')} title={calling ? TEXTS.cancelCall : t('Отключиться')}>
        <PhoneOff size={18} aria-hidden="true" />
      </button>
    </section>
  );
}
