import { LEGAL_PATHS } from '../../site/legal';
import { AUTH_TEXT } from '../texts';

/**
 * 《用户协议》和《隐私政策》, each opening in a new tab so a half-filled form stays as it is. The
 * pages and their version belong to the site feature (`features/site/legal.ts`).
 */
export function LegalLinks() {
  return (
    <>
      <a href={LEGAL_PATHS.agreement} target="_blank" rel="noopener noreferrer">
        {AUTH_TEXT.agreement}
      </a>
      {AUTH_TEXT.agreementAnd}
      <a href={LEGAL_PATHS.privacy} target="_blank" rel="noopener noreferrer">
        {AUTH_TEXT.privacy}
      </a>
    </>
  );
}
