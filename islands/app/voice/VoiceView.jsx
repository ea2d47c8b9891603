// The voice channel view (spec "Voice channel view"). Not connected: the channel's name and
// description, the prompt, the error box and the connect button. Connected: the header with the
// participant count and 'подключен', then the room. The seat itself outlives this view: moving
// to another channel keeps it (the voice bar at the bottom of the sidebar shows it).
import AlertCircle from 'lucide-react/icons/alert-circle';
import Volume2 from 'lucide-react/icons/volume-2';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import { joinVoice } from './session.js';
import { useVoice } from './store.js';
import { TEXTS } from './texts.js';
import VoiceRoom from './VoiceRoom.jsx';
import { t } from '../../lib/i18n.js';

export function ConnectBox({ channel }) {
  const connecting = useVoice((voice) => voice.status === 'connecting' && voice.channel?.id === channel.id);
  const error = useVoice((voice) => (voice.error?.channelId === channel.id ? voice.error.message : null));
  return (
    <div className="voice-connect">
      <span className="voice-connect__icon" aria-hidden="true"><Volume2 size={32} /></span>
      <p className="voice-connect__prompt">{TEXTS.prompt}</p>
      {error && <p className="voice-connect__error" role="alert"><AlertCircle size={16} aria-hidden="true" />{error}</p>}
      <button type="button" className="btn btn-primary btn-lg voice-connect__button" disabled={connecting}
        onClick={() => joinVoice(channel)}>
        {connecting ? TEXTS.connecting : TEXTS.connect}
      </button>
    </div>
  );
}

export default function VoiceView({ channel, server }) {
  const here = useVoice((voice) => voice.status === 'connected' && voice.channel?.id === channel.id);
  const count = useVoice((voice) => Object.keys(voice.participants).length);
  const seat = { id: channel.id, name: channel.name, serverId: server?.id ?? channel.serverId ?? null, dm: false };
  return (
    <section className="channel-screen voice-view" aria-labelledby="channel-title">
      <header className="channel-screen__header">
        <span className="channel-screen__icon is-voice" aria-hidden="true"><Volume2 size={22} /></span>
        <div className="channel-screen__titles">
          <h1 id="channel-title" className="channel-screen__name">{channel.name}</h1>
          {here ? (
            <p className="channel-screen__description voice-view__status" role="status">
              <span className="voice-view__dot" aria-hidden="true" />
              {t('Участников: {count}', { count })} · {TEXTS.connected}
            </p>
          ) : channel.description && <p className="channel-screen__description">{channel.description}</p>}
        </div>
      </header>
      <div className="channel-screen__body voice-view__body">
        {here ? <VoiceRoom /> : <ConnectBox channel={seat} />}
      </div>
    </section>
  );
}
