// A call line's icon by how the call went; loaded with the first call line shown (not with the chat).
import Phone from 'lucide-react/icons/phone';
import PhoneMissed from 'lucide-react/icons/phone-missed';
import PhoneOff from 'lucide-react/icons/phone-off';

const ICON = { missed: PhoneMissed, declined: PhoneOff };

export default function CallIcon({ outcome }) {
  const Icon = ICON[outcome] ?? Phone;
  return <Icon size={16} />;
}
