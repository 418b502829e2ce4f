import { WeChatCallbackView } from '../components/WeChatCallbackView';

/** /wechatcallback: WeChat sends the browser here after a QR-code sign-in. */
export default function WeChatCallbackPage() {
  return <WeChatCallbackView flow="qr" />;
}
