import type { Rule } from 'antd/es/form';
import { isEmailAddress } from '../validation';

/** Required, then address-shaped; each failure with its own text, one at a time. */
export function emailRules(required: string, invalid: string): Rule[] {
  return [
    { required: true, whitespace: true, message: required },
    {
      validator: (_, value: string | undefined) =>
        !value?.trim() || isEmailAddress(value) ? Promise.resolve() : Promise.reject(new Error(invalid)),
    },
  ];
}
