import { useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>;

/** A password field with a Show/Hide toggle, so people can check what they typed. */
export function PasswordInput(props: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="join w-full">
      <input {...props} type={visible ? 'text' : 'password'} className="input join-item w-full" />
      <button
        type="button"
        className="btn join-item border-base-300 btn-ghost"
        aria-pressed={visible}
        aria-label={visible ? 'Hide password' : 'Show password'}
        onClick={() => setVisible((value) => !value)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
