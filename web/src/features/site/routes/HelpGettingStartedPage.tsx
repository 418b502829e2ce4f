import { HelpArticle } from '../components/HelpArticle';

export default function HelpGettingStartedPage() {
  return <HelpArticle topic="gettingStarted" />;
}
