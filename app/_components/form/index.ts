// The form kit (docs/decisions/010-one-form-kit.md): every form builds from these parts.
export { Banner, failure, info, success, type BannerAction, type Message } from './banner';
export { Field, type FieldControl } from './field';
export { SubmitButton } from './submit-button';
export { readAnswer } from '../data/call';
export { useSubmit, type Answer, type Outcome, type Sent, type SubmitTexts } from './use-submit';
