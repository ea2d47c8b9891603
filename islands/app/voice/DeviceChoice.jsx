// Which microphone we send and which speakers we hear on (setSinkId where the browser has it).
import { useEffect } from 'react';
import { canChooseOutput, listDevices } from './media.js';
import { chooseInput, chooseOutput } from './session.js';
import { useVoice } from './store.js';
import { t } from '../../lib/i18n.js';

export default function DeviceChoice() {
  const inputs = useVoice((voice) => voice.inputs);
  const outputs = useVoice((voice) => voice.outputs);
  const inputId = useVoice((voice) => voice.inputId);
  const outputId = useVoice((voice) => voice.outputId);
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
