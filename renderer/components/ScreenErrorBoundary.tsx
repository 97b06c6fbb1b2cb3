import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  screenName: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** One per screen: a crash in one screen leaves the navigation, the cart and the other screens usable. */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.screenName} screen failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <section role="alert" className="screen-error">
        <h1>The {this.props.screenName} screen ran into a problem</h1>
        <p>{this.state.error.message || 'Something unexpected happened.'}</p>
        <p>Your cart and queued orders are safe. You can try again or go to another screen.</p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </section>
    );
  }
}
