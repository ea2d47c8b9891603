// A camera or screen-share picture. The screen tile has a fullscreen button. Video elements are
// muted: the sound of a person comes through their audio element (RemoteAudio.jsx).
import Maximize from 'lucide-react/icons/maximize';
import { useEffect, useRef } from 'react';
import { t } from '../../lib/i18n.js';

export default function MediaTile({ stream, name, kind, self }) {
  const video = useRef(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  const label = kind === 'screen' ? t('Экран: {name}', { name }) : name;
  const fullscreen = () => video.current?.closest('.voice-tile')?.requestFullscreen?.().catch(() => {});
  return (
    <figure className={`voice-tile voice-tile--${kind}${self && kind === 'camera' ? ' is-mirrored' : ''}`}
      data-kind={kind} aria-label={label}>
      <video ref={video} autoPlay playsInline muted />
      <figcaption className="voice-tile__name truncate">{label}</figcaption>
      {kind === 'screen' && (
        <button type="button" className="icon-button voice-tile__full" onClick={fullscreen}
          aria-label={t('Во весь экран')} title={t('Во весь экран')}>
          <Maximize size={18} aria-hidden="true" />
        </button>
      )}
    </figure>
  );
}
