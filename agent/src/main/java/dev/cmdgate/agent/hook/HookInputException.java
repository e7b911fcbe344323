package dev.cmdgate.agent.hook;

/** Input a host sent that cmdgate cannot take as a tool call it understands: the call is denied, saying why. */
final class HookInputException extends RuntimeException {

    HookInputException(String message) {
        super(message, null, false, false);
    }
}
