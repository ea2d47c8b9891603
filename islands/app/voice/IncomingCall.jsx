// A DM call for us, on every tab: who calls, accept or decline, and a ring until we answer.
import Phone from 'lucide-react/icons/phone';
import PhoneIncoming from 'lucide-react/icons/phone-incoming';
import PhoneOff from 'lucide-react/icons/phone-off';
import { useEffect, useRef } from 'react';
import { playSound } from '../../lib/sounds.js';
import { navigate } from '../router.js';
import { voiceSettings } from './config.js';
import { acceptCall, declineCall } from './session.js';
import { useVoice } from './store.js';
import { t } from '../../lib/i18n.js';

const RING_EVERY_MS = 1500;

// It rings as long as the server lets the call ring (VOICE_RING_SECONDS); the prompt goes when the
// caller's seat does (rtc_user_left), which is when the server ends an unanswered call.
function useRing(ringing) {
  useEffect(() => {
    if (!ringing) return undefined;
    const started = Date.now();
    const ringFor = voiceSettings().ringSeconds * 1000;
    playSound('call_start');
    const timer = setInterval(() => {
      if (Date.now() - started < ringFor) playSound('call_start');
    }, RING_EVERY_MS);
    return () => clearInterval(timer);
  }, [ringing]);
}

export default function IncomingCall() {
  const incoming = useVoice((voice) => voice.incoming);
  const accept = useRef(null);
  useRing(Boolean(incoming));
  useEffect(() => { if (incoming) accept.current?.focus(); }, [incoming]);
  if (!incoming) return null;
  return (
    <div className="incoming-call" role="alertdialog" aria-labelledby="incoming-call-title" aria-describedby="incoming-call-text">
      <span className="incoming-call__icon" aria-hidden="true"><PhoneIncoming size={20} /></span>
      <div className="incoming-call__text">
        <p id="incoming-call-title" className="incoming-call__title">{t('Входящий звонок')}</p>
        <p id="incoming-call-text" className="incoming-call__who truncate">{incoming.fromName}</p>
      </div>
      <button type="button" ref={accept} className="voice-control voice-control--accept" onClick={() => {
          navigate(`/app/friends?dm=${incoming.fromUserId}`); // where the call shows
          acceptCall();
        }}
        aria-label={t('Принять звонок')} title={t('Принять звонок')} data-voice="accept">
        <Phone size={20} aria-hidden="true" />
      </button>
      <button type="button" className="voice-control voice-control--leave" onClick={declineCall}
        aria-label={t('Отклонить звонок')} title={t('Отклонить звонок')} data-voice="decline">
        <PhoneOff size={20} aria-hidden="true" />
      </button>
    </div>
  );
}
