import { LegalDocument } from '../components/LegalDocument';
import { PRIVACY_TEXT } from '../legalTexts';

/** Issue 12: the privacy policy members accept at registration (version in legal.ts). */
export default function PrivacyPage() {
  return <LegalDocument text={PRIVACY_TEXT} />;
}
