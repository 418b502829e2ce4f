import { HelpArticle } from '../components/HelpArticle';

export default function HelpAccountPage() {
  return <HelpArticle topic="account" />;
}
