// The voice view's control row: microphone, sound, camera, screen share, devices, disconnect.
import MonitorOff from 'lucide-react/icons/monitor-off';
import MonitorUp from 'lucide-react/icons/monitor-up';
import PhoneOff from 'lucide-react/icons/phone-off';
import Settings2 from 'lucide-react/icons/settings-2';
import Video from 'lucide-react/icons/video';
import VideoOff from 'lucide-react/icons/video-off';
import { useState } from 'react';
import DeviceChoice from './DeviceChoice.jsx';
import { leaveVoice, toggleCamera, toggleScreen } from './session.js';
import { useVoice } from './store.js';
import { DeafenButton, MuteButton } from './SwitchButtons.jsx';
import { t } from '../../lib/i18n.js';

const canShareScreen = () => Boolean(navigator.mediaDevices?.getDisplayMedia);

export default function VoiceControls() {
  const video = useVoice((voice) => voice.video);
  const screen = useVoice((voice) => voice.screen);
  const [devices, setDevices] = useState(false);
  const cameraLabel = video ? t('Выключить камеру') : t('Включить камеру');
  const screenLabel = screen ? t('Остановить демонстрацию экрана') : t('Показать экран');
  return (
    <div className="voice-controls-wrap">
      {devices && <DeviceChoice />}
      <div className="voice-controls" role="toolbar" aria-label={t('Управление голосовой связью')}>
        <MuteButton className="voice-control" />
        <DeafenButton className="voice-control" />
        <button type="button" className={`voice-control${video ? ' is-on' : ''}`} onClick={toggleCamera}
          aria-pressed={video} aria-label={cameraLabel} title={cameraLabel} data-voice="camera">
          {video ? <Video size={20} aria-hidden="true" /> : <VideoOff size={20} aria-hidden="true" />}
        </button>
        {canShareScreen() && (
          <button type="button" className={`voice-control${screen ? ' is-on' : ''}`} onClick={toggleScreen}
            aria-pressed={screen} aria-label={screenLabel} title={screenLabel} data-voice="screen">
            {screen ? <MonitorOff size={20} aria-hidden="true" /> : <MonitorUp size={20} aria-hidden="true" />}
          </button>
        )}
        <button type="button" className={`voice-control${devices ? ' is-on' : ''}`} onClick={() => setDevices(!devices)}
          aria-expanded={devices} aria-label={t('Устройства')} title={t('Устройства')}>
          <Settings2 size={20} aria-hidden="true" />
        </button>
        <button type="button" className="voice-control voice-control--leave" onClick={() => leaveVoice()}
          aria-label={t('Отключиться')} title={t('Отключиться')} data-voice="leave">
          <PhoneOff size={20} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
