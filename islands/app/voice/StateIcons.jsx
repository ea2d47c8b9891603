// A participant's muted and deafened marks, shared by the cards, the sidebar and the voice bar.
import HeadphoneOff from 'lucide-react/icons/headphone-off';
import MicOff from 'lucide-react/icons/mic-off';
import { t } from '../../lib/i18n.js';

export default function StateIcons({ state, size = 16 }) {
  const muted = state.serverMuted ? t('Микрофон отключён модератором') : t('Микрофон выключен');
  return (
    <>
      {state.muted && (
        <span className={`voice-mark voice-mark--muted${state.serverMuted ? ' voice-mark--server' : ''}`} title={muted}>
          <MicOff size={size} aria-hidden="true" /><span className="sr-only">{muted}</span>
        </span>
      )}
      {state.deafened && (
        <span className="voice-mark voice-mark--deafened" title={t('Звук выключен')}>
          <HeadphoneOff size={size} aria-hidden="true" /><span className="sr-only">{t('Звук выключен')}</span>
        </span>
      )}
    </>
  );
}
