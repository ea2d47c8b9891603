// The game centre's voice section: where we sit ('Не подключен' when nowhere), and the microphone
// and sound switches — the voice client's own (voice/session.js), so they act as the voice bar's
// do. Out of voice they choose how the next call or channel starts (a call never resets them).
import HeadphoneOff from 'lucide-react/icons/headphone-off';
import Headphones from 'lucide-react/icons/headphones';
import Mic from 'lucide-react/icons/mic';
import MicOff from 'lucide-react/icons/mic-off';
import { toggleDeafen, toggleMute } from '../voice/session.js';
import { useVoice } from '../voice/store.js';
import { t } from '../../lib/i18n.js';

function Switch({ off, onLabel, offLabel, OnIcon, OffIcon, onClick, hinted, name }) {
  const label = off ? onLabel : offLabel;
  return (
    <button type="button" className={`icon-button game-centre__switch${off ? ' is-off' : ''}`} onClick={onClick}
      aria-pressed={off} aria-label={label} title={label} data-voice={name}
      aria-describedby={hinted ? 'game-centre-voice-hint' : undefined}>
      {off ? <OffIcon size={18} aria-hidden="true" /> : <OnIcon size={18} aria-hidden="true" />}
    </button>
  );
}

export default function GameVoice() {
  const status = useVoice((voice) => voice.status);
  const channelName = useVoice((voice) => voice.channel?.name);
  const muted = useVoice((voice) => voice.muted);
  const deafened = useVoice((voice) => voice.deafened);
  const inVoice = status === 'connected';
  let state = t('Не подключен');
  if (status === 'connecting') state = t('Подключение...');
  if (inVoice) state = t('Подключен: {channel}', { channel: channelName ?? '' });
  return (
    <section className="game-centre__voice" aria-labelledby="game-centre-voice-title">
      <div className="game-centre__voice-text">
        <h3 id="game-centre-voice-title" className="game-centre__heading">{t('Голосовой чат')}</h3>
        <p className={`game-centre__voice-state${inVoice ? ' is-connected' : ''}`} data-voice-state={status}>{state}</p>
      </div>
      <div className="game-centre__switches" role="group" aria-label={t('Голосовая связь')}>
        <Switch name="mute" off={muted} onLabel={t('Включить микрофон')} offLabel={t('Выключить микрофон')}
          OnIcon={Mic} OffIcon={MicOff} onClick={toggleMute} hinted={!inVoice} />
        <Switch name="deafen" off={deafened} onLabel={t('Включить звук')} offLabel={t('Выключить звук')}
          OnIcon={Headphones} OffIcon={HeadphoneOff} onClick={toggleDeafen} hinted={!inVoice} />
      </div>
      {!inVoice && (
        <p id="game-centre-voice-hint" className="game-centre__hint">
          {t('Так вы подключитесь к следующему звонку или каналу')}
        </p>
      )}
    </section>
  );
}
