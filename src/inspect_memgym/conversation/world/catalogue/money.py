"""Money: debts, emergency savings and attitude to investing, for a yearly money plan."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "money"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="debt_situation",
        label="debt situation",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="debt free",
                reveals=(
                    "I made the final payment on everything I owed last month, so I don't owe "
                    "anyone a penny now.",
                    "Not one bank or lender has any claim on my money anymore.",
                    "Every bill I get is paid in full, and there are no loans or balances in my "
                    "name.",
                ),
                events=(
                    "After I received a surprise bonus at work, I sorted out my finances.",
                    "After two years of strict budgeting, I finally reached a milestone I had "
                    "been chasing.",
                ),
                advice=(
                    "Put the whole monthly surplus into savings and investments, since no "
                    "repayments are competing for it."
                ),
            ),
            ValueSpec(
                name="credit card debt",
                reveals=(
                    "My cards are maxed out and the interest keeps piling up every month.",
                    "I've been carrying a balance on my cards for over a year and only ever pay "
                    "the minimum.",
                    "The monthly statement from my card company shows a balance I can't clear.",
                ),
                events=(
                    "When I had to replace my laptop and my fridge in the same month, I paid for "
                    "them in a way I now regret.",
                    "A few months of careless shopping caught up with me.",
                ),
                advice=(
                    "Throw every spare penny at the high-interest card balances before doing "
                    "anything else with your money."
                ),
            ),
            ValueSpec(
                name="student loan",
                reveals=(
                    "A chunk of every paycheck still goes toward paying off my university tuition.",
                    "I'm still repaying what I borrowed to get my degree, and it'll take years.",
                    "The only thing I owe is the education loan from my college days.",
                ),
                events=(
                    "When I went back to finish my degree, I had to borrow to make it happen.",
                    "Last autumn I took on a new financial commitment to pay for a course.",
                ),
                advice=(
                    "Keep paying the education loan on its normal schedule rather than overpaying "
                    "it, since its interest rate is low."
                ),
            ),
        ),
        requests=(
            "Can you help me make a monthly budget?",
            "What's a sensible way to track where my money goes?",
        ),
    ),
    VariableSpec(
        key="emergency_savings",
        label="emergency savings",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="paycheck to paycheck",
                reveals=(
                    "By the end of each month my account is basically empty, and I wait anxiously "
                    "for payday.",
                    "If my washing machine broke tomorrow, I honestly wouldn't have the money to "
                    "replace it.",
                    "I have nothing set aside for a rainy day; every bit of income gets spent as "
                    "soon as it arrives.",
                ),
                events=(
                    "Last month an unexpected bill wiped out the money I had put aside.",
                    "When my rent went up in the spring, my finances got a lot tighter.",
                ),
                advice=(
                    "Start by automatically moving a small fixed amount into a separate pot every "
                    "payday until you have a basic safety net."
                ),
            ),
            ValueSpec(
                name="three-month buffer",
                reveals=(
                    "I've tucked away enough to cover about three months of bills if something "
                    "went wrong.",
                    "My rainy-day fund would keep me going for roughly a season without income.",
                    "If I lost my income, I could pay for rent and groceries for around ninety "
                    "days from my savings.",
                ),
                events=(
                    "After a scare with a friend losing their job, I started putting money aside.",
                    "I got a modest tax refund this year and moved it into a separate account.",
                ),
                advice=(
                    "Keep topping up the reserve until it covers six months of costs, and start "
                    "investing a little alongside it."
                ),
            ),
            ValueSpec(
                name="year-long buffer",
                reveals=(
                    "I could live for a whole year on what's in my savings account without "
                    "earning anything.",
                    "My cash reserves would cover twelve months of expenses comfortably.",
                    "Even if all my income stopped, I wouldn't have to worry for about a year.",
                ),
                events=(
                    "After years of careful saving, I passed a goal I set for myself long ago.",
                    "When I sold some old family furniture, the money went straight into my "
                    "reserves.",
                ),
                advice=(
                    "Stop adding to the cash reserve, since it is already ample, and move any "
                    "extra savings into long-term investments."
                ),
            ),
        ),
        requests=(
            "How much should I keep in my current account?",
            "Could you help me think about saving for unexpected costs?",
        ),
    ),
    VariableSpec(
        key="investing_attitude",
        label="investing attitude",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="cautious investor",
                reveals=(
                    "The idea of watching my money drop, even for a week, makes me feel sick, so "
                    "I stick to guaranteed accounts.",
                    "I'd rather earn a small, certain return than gamble on the stock market.",
                    "Losing even a little of what I've put away would upset me far more than "
                    "missing out on gains.",
                ),
                events=(
                    "After watching a relative lose a lot in a market crash, my attitude to money "
                    "changed.",
                    "A long chat with a financial adviser last spring reshaped how I think about "
                    "my savings.",
                ),
                advice=(
                    "Keep long-term money in government bonds and fixed-rate savings rather than "
                    "in shares."
                ),
            ),
            ValueSpec(
                name="balanced investor",
                reveals=(
                    "I like a sensible mix of shares and bonds, and I don't panic at small dips.",
                    "I'm comfortable with some ups and downs as long as half my money stays "
                    "somewhere safer.",
                    "A middle-of-the-road fund that mixes shares and bonds suits me perfectly.",
                ),
                events=(
                    "After reading up on personal finance over the winter, I settled on a new "
                    "approach.",
                    "A workshop at my local library changed how I look at investing.",
                ),
                advice=(
                    "Split long-term money roughly evenly between a broad share index fund and "
                    "bonds."
                ),
            ),
            ValueSpec(
                name="bold investor",
                reveals=(
                    "I put nearly everything into fast-growing stocks and don't flinch when they "
                    "drop twenty percent.",
                    "Big swings in my portfolio excite me, because that's where the big gains "
                    "come from.",
                    "I'd happily back a risky start-up if there's a chance my stake could "
                    "multiply.",
                ),
                events=(
                    "When a friend's long-shot investment paid off handsomely, I started thinking "
                    "differently.",
                    "After a pay rise last year, I felt ready to change my approach to investing.",
                ),
                advice=(
                    "Put most long-term money into a global share index and accept large swings in "
                    "exchange for higher growth."
                ),
            ),
        ),
        requests=(
            "What should I do with money I won't need for ten years?",
            "Can you explain how I should think about investing?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="money_plan",
        text="How should I manage my money over the next year?",
        variables=("debt_situation", "emergency_savings", "investing_attitude"),
        opener="Here is a money plan for the coming year.",
    ),
)
