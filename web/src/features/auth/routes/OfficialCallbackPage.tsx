import { WeChatCallbackView } from '../components/WeChatCallbackView';

/** /officialcallback: WeChat sends the browser here after an official-account sign-in. */
export default function OfficialCallbackPage() {
  return <WeChatCallbackView flow="official" />;
}
