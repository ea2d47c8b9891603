// A participant's muted and deafened marks, shared by the cards, the sidebar and the voice bar.
import HeadphoneOff from 'lucide-react/icons/headphone-off';
import MicOff from 'lucide-react/icons/mic-off';

export default function StateIcons({ state, size = 16 }) {
  return (
    <>
      {state.muted && (
        <span className="voice-mark voice-mark--muted" title="Микрофон выключен">
          <MicOff size={size} aria-hidden="true" /><span className="sr-only">Микрофон выключен</span>
        </span>
      )}
      {state.deafened && (
        <span className="voice-mark voice-mark--deafened" title="Звук выключен">
          <HeadphoneOff size={size} aria-hidden="true" /><span className="sr-only">Звук выключен</span>
        </span>
      )}
    </>
  );
}
