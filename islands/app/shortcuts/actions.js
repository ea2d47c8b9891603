// Actions shared by the shortcuts (eager) and the palette's commands (loaded later); each reaches
// its feature's code only when used.
import { t } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import { voiceState } from '../voice/store.js';

export const inVoice = () => voiceState().status === 'connected';

/** 'toggleMute' | 'toggleDeafen' of the voice session, or a toast when there is no voice. */
export function voiceSwitch(name) {
  if (!inVoice()) {
    toast.message(t('Сначала подключитесь к голосовому каналу'));
    return;
  }
  import('./voiceSwitches.js').then((session) => session[name]());
}
