/** Topic name → join handler, for the topics of the realtime contract. */
import { parseTopic } from '../../../src/contract/channels';
import type { TopicRouter } from '../types';
import type { TopicContext } from './context';
import { joinIpadDevice } from './ipad-device';
import { joinWebAccount, joinWebAllAccounts } from './web';

export function createTopicRouter(ctx: TopicContext): TopicRouter {
  return {
    match(topic) {
      const parsed = parseTopic(topic);
      if (!parsed) return null;
      switch (parsed.kind) {
        case 'web_account':
          return (params, principal) => joinWebAccount(ctx, parsed.accountId, params, principal);
        case 'web_all_accounts':
          return (params, principal) => joinWebAllAccounts(ctx, params, principal);
        case 'ipad_device':
          return (params, principal) => joinIpadDevice(ctx, parsed.ipadId, params, principal);
      }
    },
  };
}
