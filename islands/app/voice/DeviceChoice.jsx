// Which microphone we send, how loud (its gain, 0–200 %), and which speakers we hear on (setSinkId
// where the browser has it).
import { useEffect } from 'react';
import { canChooseOutput, listDevices } from './media.js';
import { chooseInput, chooseOutput, setMicGain } from './session.js';
import { MIC_GAIN_MAX, useVoice } from './store.js';
import { t } from '../../lib/i18n.js';

export default function DeviceChoice() {
  const inputs = useVoice((voice) => voice.inputs);
  const outputs = useVoice((voice) => voice.outputs);
  const inputId = useVoice((voice) => voice.inputId);
  const outputId = useVoice((voice) => voice.outputId);
  const micGain = useVoice((voice) => voice.micGain);
  useEffect(() => {
    listDevices();
    navigator.mediaDevices?.addEventListener?.('devicechange', listDevices);
    return () => navigator.mediaDevices?.removeEventListener?.('devicechange', listDevices);
  }, []);
  return (
    <div className="voice-devices">
      <label className="voice-devices__field">
        <span>{t('Микрофон')}</span>
        <select className="field__input" value={inputId} onChange={(event) => chooseInput(event.target.value)}>
          <option value="">{t('По умолчанию')}</option>
          {inputs.filter((device) => device.id && device.id !== 'default').map((device) => (
            <option key={device.id} value={device.id}>{device.label}</option>
          ))}
        </select>
      </label>
      <label className="voice-devices__field voice-devices__gain">
        <span>{t('Усиление микрофона')}</span>
        <span className="voice-devices__range">
          <input type="range" className="range" min="0" max={MIC_GAIN_MAX} step="0.05" value={micGain}
            onChange={(event) => setMicGain(event.target.value)} data-voice="gain"
            aria-valuetext={`${Math.round(micGain * 100)}%`} />
          <output className="range__value">{Math.round(micGain * 100)}%</output>
        </span>
      </label>
      {canChooseOutput() && (
        <label className="voice-devices__field">
          <span>{t('Динамики')}</span>
          <select className="field__input" value={outputId} onChange={(event) => chooseOutput(event.target.value)}>
            <option value="">{t('По умолчанию')}</option>
            {outputs.filter((device) => device.id && device.id !== 'default').map((device) => (
              <option key={device.id} value={device.id}>{device.label}</option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
