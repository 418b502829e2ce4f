import { LegalDocument } from '../components/LegalDocument';
import { AGREEMENT_TEXT } from '../legalTexts';

/** Issue 12: the user agreement members accept at registration (version in legal.ts). */
export default function AgreementPage() {
  return <LegalDocument text={AGREEMENT_TEXT} />;
}
