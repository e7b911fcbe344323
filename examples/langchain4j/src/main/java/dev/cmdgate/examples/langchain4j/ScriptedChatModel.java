package dev.cmdgate.examples.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import java.util.ArrayList;
import java.util.List;

/**
 * A "model" that replays a fixed conversation: for the n-th turn after the user's message it asks
 * for the n-th shell command through the shell tool, and once every command has been tried it
 * answers with what it learnt from the tool results. No network, no weights — LangChain4j's own
 * AI-service loop (tool specification, tool execution, result messages) runs for real around it.
 */
public final class ScriptedChatModel implements ChatModel {

    private final List<String> commands;

    public ScriptedChatModel(List<String> commands) {
        this.commands = List.copyOf(commands);
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        List<ToolExecutionResultMessage> results = new ArrayList<>();
        for (ChatMessage m : request.messages()) {
            if (m instanceof ToolExecutionResultMessage r) {
                results.add(r);
            }
        }
        int turn = results.size();
        if (turn < commands.size()) {
            ToolSpecification shell = request.toolSpecifications().stream()
                    .filter(s -> s.name().equals(ShellTool.NAME)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("the shell tool was not offered to the model"));
            String parameter = shell.parameters().properties().keySet().iterator().next();
            ToolExecutionRequest call = ToolExecutionRequest.builder()
                    .id("call_" + (turn + 1))
                    .name(shell.name())
                    .arguments("{\"" + parameter + "\":" + jsonString(commands.get(turn)) + "}")
                    .build();
            return ChatResponse.builder().aiMessage(AiMessage.from(call)).finishReason(FinishReason.TOOL_EXECUTION).build();
        }
        StringBuilder answer = new StringBuilder("Done. What happened to each command I asked for:\n");
        for (ToolExecutionResultMessage r : results) {
            String first = r.text().lines().findFirst().orElse("");
            answer.append("  ").append(r.id()).append(": ").append(first).append('\n');
        }
        return ChatResponse.builder().aiMessage(AiMessage.from(answer.toString())).finishReason(FinishReason.STOP).build();
    }

    static String jsonString(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
